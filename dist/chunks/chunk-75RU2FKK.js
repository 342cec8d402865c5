import { createRequire as __dmeCreateRequire } from 'node:module'; let __dmeRequire; const require = (id) => (__dmeRequire ??= __dmeCreateRequire(import.meta.url))(id);
import{a as o}from"./chunk-HKBZRXE5.js";var r=o("ajv");export{r as a};
