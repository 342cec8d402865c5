import { createRequire as __dmeCreateRequire } from 'node:module'; const require = __dmeCreateRequire(import.meta.url);
import{a}from"./chunk-EQUGLATI.js";import"./chunk-UAYZO3NE.js";import"./chunk-H77WD5C4.js";export{a as compileJsonPath};
