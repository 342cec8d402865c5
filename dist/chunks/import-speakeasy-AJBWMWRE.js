import { createRequire as __dmeCreateRequire } from 'node:module'; let __dmeRequire; const require = (id) => (__dmeRequire ??= __dmeCreateRequire(import.meta.url))(id);
import{a,b,c,d}from"./chunk-ZRZR46LE.js";import"./chunk-WTBFVTAX.js";import"./chunk-EXJSMTTZ.js";import"./chunk-X34UHRUG.js";d();export{b as assignIds,a as importSpeakeasy,c as slugify};
