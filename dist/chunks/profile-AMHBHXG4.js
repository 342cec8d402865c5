import { createRequire as __dmeCreateRequire } from 'node:module'; let __dmeRequire; const require = (id) => (__dmeRequire ??= __dmeCreateRequire(import.meta.url))(id);
import{a,b,c}from"./chunk-4MTKQ23S.js";import"./chunk-LDH32PT4.js";import"./chunk-MGXHADVI.js";import"./chunk-JK2MR66Y.js";c();export{a as loadProfile,b as parseProfile};
