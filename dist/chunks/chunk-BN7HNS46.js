import { createRequire as __dmeCreateRequire } from 'node:module'; let __dmeRequire; const require = (id) => (__dmeRequire ??= __dmeCreateRequire(import.meta.url))(id);
var e=class extends Error{exitCode=2;constructor(r){super(r),this.name="UsageError"}},s=class extends Error{exitCode=1;stderrTail;constructor(r,n){super(r),this.name="BuildFailedError",this.stderrTail=n}};export{e as a,s as b};
