import { createRequire as __dmeCreateRequire } from 'node:module'; let __dmeRequire; const require = (id) => (__dmeRequire ??= __dmeCreateRequire(import.meta.url))(id);
import{A as a,B as b,C as c}from"./chunk-44SW3WME.js";c();export{a as fillArguments,b as searchProfileFrom};
