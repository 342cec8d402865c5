import { createRequire as __dmeCreateRequire } from 'node:module'; let __dmeRequire; const require = (id) => (__dmeRequire ??= __dmeCreateRequire(import.meta.url))(id);
import{a,b,c,d,e}from"./chunk-TSGQDY4R.js";import"./chunk-LJYPUHCR.js";import"./chunk-QYWEXG4P.js";import"./chunk-44SW3WME.js";e();export{b as assignIds,a as importSpeakeasy,c as slugify,d as suiteName};
