import { createRequire as __dmeCreateRequire } from 'node:module'; let __dmeRequire; const require = (id) => (__dmeRequire ??= __dmeCreateRequire(import.meta.url))(id);
import{a,b,c,d}from"./chunk-DAJUWAAZ.js";import"./chunk-YTQZYD3L.js";import"./chunk-UBBBPHRV.js";import"./chunk-SRKXBUXR.js";d();export{b as assignIds,a as importSpeakeasy,c as slugify};
