import { createRequire as __dmeCreateRequire } from 'node:module'; const require = __dmeCreateRequire(import.meta.url);
function i(n){return typeof n=="object"&&n!==null&&!Array.isArray(n)}function o(n,t){let r=t===""?n:i(n)?n[t]:void 0;return Array.isArray(r)?r:[]}function e(n,t){let r=i(n)?n[t]:void 0;return typeof r=="string"?r:void 0}export{i as a,o as b,e as c};
