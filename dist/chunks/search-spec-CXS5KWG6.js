import { createRequire as __dmeCreateRequire } from 'node:module'; let __dmeRequire; const require = (id) => (__dmeRequire ??= __dmeCreateRequire(import.meta.url))(id);
import{A as b,B as c,z as a}from"./chunk-JK2MR66Y.js";c();export{a as fillArguments,b as searchProfileFrom};
