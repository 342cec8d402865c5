import { createRequire as __dmeCreateRequire } from 'node:module'; let __dmeRequire; const require = (id) => (__dmeRequire ??= __dmeCreateRequire(import.meta.url))(id);
import{a,b}from"./chunk-I7NQYHKQ.js";import"./chunk-M7I6MIWE.js";import"./chunk-5JVL27OS.js";import"./chunk-BPXC64QO.js";b();export{a as compileJsonPath};
