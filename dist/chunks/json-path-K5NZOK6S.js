import { createRequire as __dmeCreateRequire } from 'node:module'; let __dmeRequire; const require = (id) => (__dmeRequire ??= __dmeCreateRequire(import.meta.url))(id);
import{a,b}from"./chunk-NINHGX5M.js";import"./chunk-YTQZYD3L.js";import"./chunk-UBBBPHRV.js";import"./chunk-SRKXBUXR.js";b();export{a as compileJsonPath};
