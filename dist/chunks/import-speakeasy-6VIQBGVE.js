import { createRequire as __dmeCreateRequire } from 'node:module'; let __dmeRequire; const require = (id) => (__dmeRequire ??= __dmeCreateRequire(import.meta.url))(id);
import{a,b,c,d,e}from"./chunk-A7W2YGC5.js";import"./chunk-4JXYX463.js";import"./chunk-KKWHR5QS.js";import"./chunk-LLTJ55MQ.js";e();export{b as assignIds,a as importSpeakeasy,c as slugify,d as suiteName};
