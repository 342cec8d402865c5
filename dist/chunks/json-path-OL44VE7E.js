import { createRequire as __dmeCreateRequire } from 'node:module'; let __dmeRequire; const require = (id) => (__dmeRequire ??= __dmeCreateRequire(import.meta.url))(id);
import{a}from"./chunk-O6JUCA7R.js";import"./chunk-BPZ63TMH.js";import"./chunk-CFHCUHC6.js";export{a as compileJsonPath};
