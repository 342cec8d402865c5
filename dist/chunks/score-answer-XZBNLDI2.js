import { createRequire as __dmeCreateRequire } from 'node:module'; const require = __dmeCreateRequire(import.meta.url);
import{b as a,c as b}from"./chunk-7VBCZC6P.js";import"./chunk-X6DQSLT2.js";import"./chunk-E2TBAC6R.js";import"./chunk-HIX2QVZW.js";import"./chunk-XRXWN5Q4.js";import"./chunk-Y75OEJ3O.js";import"./chunk-H77WD5C4.js";export{a as VALIDATIONS_CRITERION,b as scoreAnswer};
