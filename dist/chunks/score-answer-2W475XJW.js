import { createRequire as __dmeCreateRequire } from 'node:module'; const require = __dmeCreateRequire(import.meta.url);
import{b as a,c as b}from"./chunk-AUH4Y5N6.js";import"./chunk-IGF3XOF4.js";import"./chunk-FLZD3GWR.js";import"./chunk-E2TBAC6R.js";import"./chunk-J5OCIFJ7.js";import"./chunk-H77WD5C4.js";export{a as VALIDATIONS_CRITERION,b as scoreAnswer};
