import { createRequire as __dmeCreateRequire } from 'node:module'; const require = __dmeCreateRequire(import.meta.url);
import{b as a,c as b}from"./chunk-IDYYLIDQ.js";import"./chunk-YKQG7A35.js";import"./chunk-FQ63YRVV.js";import"./chunk-E2TBAC6R.js";import"./chunk-Y75OEJ3O.js";import"./chunk-H77WD5C4.js";export{a as VALIDATIONS_CRITERION,b as scoreAnswer};
