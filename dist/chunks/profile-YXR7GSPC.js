import { createRequire as __dmeCreateRequire } from 'node:module'; let __dmeRequire; const require = (id) => (__dmeRequire ??= __dmeCreateRequire(import.meta.url))(id);
import{a,b,c}from"./chunk-462CPX2E.js";import"./chunk-LJYPUHCR.js";import"./chunk-QYWEXG4P.js";import"./chunk-44SW3WME.js";c();export{a as loadProfile,b as parseProfile};
