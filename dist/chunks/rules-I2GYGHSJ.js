import { createRequire as __dmeCreateRequire } from 'node:module'; const require = __dmeCreateRequire(import.meta.url);
import{a,d as b,e as c}from"./chunk-EAXZFSRN.js";import"./chunk-CYXPUZY7.js";import"./chunk-F7AUP7XB.js";import"./chunk-BYNQYUWR.js";import"./chunk-UAYZO3NE.js";import"./chunk-H77WD5C4.js";export{c as checkRuleSpecs,a as extractCodeBlocks,b as runRules};
