import { createRequire as __dmeCreateRequire } from 'node:module'; let __dmeRequire; const require = (id) => (__dmeRequire ??= __dmeCreateRequire(import.meta.url))(id);
import{a,b,c}from"./chunk-UMLS5AL4.js";import"./chunk-4JXYX463.js";import"./chunk-KKWHR5QS.js";import"./chunk-LLTJ55MQ.js";c();export{a as loadProfile,b as parseProfile};
