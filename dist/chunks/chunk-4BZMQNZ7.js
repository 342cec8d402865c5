import { createRequire as __dmeCreateRequire } from 'node:module'; let __dmeRequire; const require = (id) => (__dmeRequire ??= __dmeCreateRequire(import.meta.url))(id);
import{b as t}from"./chunk-JK2MR66Y.js";function o(e){return{search:e.rounds.map(r=>r.ms),fetch:e.fetch?.ok?[e.fetch.ms]:[],answer:e.answer?[e.answer.ms]:[]}}var n=t(()=>{"use strict"});export{o as a,n as b};
