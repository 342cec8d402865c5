import { createRequire as __dmeCreateRequire } from 'node:module'; let __dmeRequire; const require = (id) => (__dmeRequire ??= __dmeCreateRequire(import.meta.url))(id);
import{a,b,c,d}from"./chunk-6Z7AYRHA.js";import"./chunk-LDH32PT4.js";import"./chunk-MGXHADVI.js";import"./chunk-JK2MR66Y.js";d();export{b as assignIds,a as importSpeakeasy,c as slugify};
