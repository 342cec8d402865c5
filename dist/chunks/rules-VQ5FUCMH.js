import { createRequire as __dmeCreateRequire } from 'node:module'; const require = __dmeCreateRequire(import.meta.url);
import{a,d as b,e as c}from"./chunk-ND2VCXCK.js";import"./chunk-S3NGVHKS.js";import"./chunk-XRXWN5Q4.js";import"./chunk-UAYZO3NE.js";import"./chunk-Y75OEJ3O.js";import"./chunk-H77WD5C4.js";export{c as checkRuleSpecs,a as extractCodeBlocks,b as runRules};
