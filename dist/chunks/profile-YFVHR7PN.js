import { createRequire as __dmeCreateRequire } from 'node:module'; let __dmeRequire; const require = (id) => (__dmeRequire ??= __dmeCreateRequire(import.meta.url))(id);
import{a,b,c}from"./chunk-7PEFUNR2.js";import"./chunk-M7I6MIWE.js";import"./chunk-5JVL27OS.js";import"./chunk-BPXC64QO.js";c();export{a as loadProfile,b as parseProfile};
