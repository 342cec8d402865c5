import { createRequire as __dmeCreateRequire } from 'node:module'; const require = __dmeCreateRequire(import.meta.url);
function t(r,e){let n;return()=>n??=e()}export{t as a};
