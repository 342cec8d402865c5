import { createRequire as __dmeCreateRequire } from 'node:module'; let __dmeRequire; const require = (id) => (__dmeRequire ??= __dmeCreateRequire(import.meta.url))(id);
import{a,b,c,d,e}from"./chunk-3FPS7FKP.js";import"./chunk-M7I6MIWE.js";import"./chunk-5JVL27OS.js";import"./chunk-BPXC64QO.js";e();export{b as assignIds,a as importSpeakeasy,c as slugify,d as suiteName};
