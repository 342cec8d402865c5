import { createRequire as __dmeCreateRequire } from 'node:module'; const require = __dmeCreateRequire(import.meta.url);
import{b as a,c as b}from"./chunk-JPBKNG4P.js";import"./chunk-RZA35IGR.js";import"./chunk-H77WD5C4.js";export{a as VALIDATIONS_CRITERION,b as scoreAnswer};
