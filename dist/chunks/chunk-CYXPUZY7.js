import { createRequire as __dmeCreateRequire } from 'node:module'; const require = __dmeCreateRequire(import.meta.url);
import{a as o}from"./chunk-BYNQYUWR.js";var r=o("ajv");export{r as a};
