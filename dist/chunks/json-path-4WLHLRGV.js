import { createRequire as __dmeCreateRequire } from 'node:module'; let __dmeRequire; const require = (id) => (__dmeRequire ??= __dmeCreateRequire(import.meta.url))(id);
import{a,b}from"./chunk-23HHJJ2D.js";import"./chunk-LJYPUHCR.js";import"./chunk-QYWEXG4P.js";import"./chunk-44SW3WME.js";b();export{a as compileJsonPath};
