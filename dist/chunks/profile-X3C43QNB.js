import { createRequire as __dmeCreateRequire } from 'node:module'; let __dmeRequire; const require = (id) => (__dmeRequire ??= __dmeCreateRequire(import.meta.url))(id);
import{a,b,c}from"./chunk-NWZAWISS.js";import"./chunk-WTBFVTAX.js";import"./chunk-EXJSMTTZ.js";import"./chunk-X34UHRUG.js";c();export{a as loadProfile,b as parseProfile};
