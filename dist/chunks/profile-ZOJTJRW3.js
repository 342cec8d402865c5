import { createRequire as __dmeCreateRequire } from 'node:module'; let __dmeRequire; const require = (id) => (__dmeRequire ??= __dmeCreateRequire(import.meta.url))(id);
import{a,b,c}from"./chunk-QKAR3JIZ.js";import"./chunk-YTQZYD3L.js";import"./chunk-UBBBPHRV.js";import"./chunk-SRKXBUXR.js";c();export{a as loadProfile,b as parseProfile};
