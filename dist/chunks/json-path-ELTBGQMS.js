import { createRequire as __dmeCreateRequire } from 'node:module'; let __dmeRequire; const require = (id) => (__dmeRequire ??= __dmeCreateRequire(import.meta.url))(id);
import{a,b}from"./chunk-6ZTBURE7.js";import"./chunk-WTBFVTAX.js";import"./chunk-EXJSMTTZ.js";import"./chunk-X34UHRUG.js";b();export{a as compileJsonPath};
