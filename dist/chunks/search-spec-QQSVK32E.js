import { createRequire as __dmeCreateRequire } from 'node:module'; let __dmeRequire; const require = (id) => (__dmeRequire ??= __dmeCreateRequire(import.meta.url))(id);
import{B as a,C as b,D as c}from"./chunk-LLTJ55MQ.js";c();export{a as fillArguments,b as searchProfileFrom};
