/**
 * REST handlers over the double's real git repository: a ref, the Contents API (folders
 * and files; contents past 1 MB are not inlined, as on GitHub) and the Git blobs API.
 */
import type { PayloadContext } from './payload-common.ts';
import { nodeId, repoApi, repoHtml } from './payload-common.ts';
import { listTree, objectType, readObject, resolveCommit, type TreeEntry } from './git-repo.ts';
import { fail, type RestHandler } from './rest-kit.ts';

/** The Contents API inlines files up to 1 MB; larger ones come with `encoding: none`. */
const INLINE_LIMIT = 1024 * 1024;

/** Base64 as GitHub sends it: lines of 60 characters. */
function wrappedBase64(bytes: Buffer): string {
  return (bytes.toString('base64').match(/.{1,60}/g) ?? []).join('\n') + (bytes.length > 0 ? '\n' : '');
}

const encodePath = (p: string) => p.split('/').map(encodeURIComponent).join('/');

function contentType(entry: TreeEntry): 'file' | 'dir' | 'submodule' | 'symlink' {
  if (entry.type === 'tree') return 'dir';
  if (entry.type === 'commit') return 'submodule';
  return entry.mode === '120000' ? 'symlink' : 'file';
}

function contentItem(ctx: PayloadContext, ref: string, filePath: string, entry: TreeEntry) {
  const type = contentType(entry);
  const url = `${repoApi(ctx)}/contents/${encodePath(filePath)}?ref=${encodeURIComponent(ref)}`;
  const gitUrl = `${repoApi(ctx)}/git/${type === 'dir' ? 'trees' : 'blobs'}/${entry.sha}`;
  const htmlUrl = `${repoHtml(ctx)}/${type === 'dir' ? 'tree' : 'blob'}/${encodeURIComponent(ref)}/${encodePath(filePath)}`;
  return {
    type,
    size: entry.size,
    name: entry.name,
    path: filePath,
    sha: entry.sha,
    url,
    git_url: gitUrl,
    html_url: htmlUrl,
    download_url: type === 'file' ? `${ctx.serverUrl}/raw/${ctx.state.owner}/${ctx.state.repo}/${encodeURIComponent(ref)}/${encodePath(filePath)}` : null,
    _links: { self: url, git: gitUrl, html: htmlUrl },
  };
}

export const gitHandlers: Record<string, RestHandler> = {
  'GET /repos/{owner}/{repo}/git/ref/{ref}': (req, ctx) => {
    const ref = req.params['ref'] ?? '';
    const sha = ref.startsWith('heads/') || ref.startsWith('tags/') ? resolveCommit(ctx.state.git.dir, `refs/${ref}`) : undefined;
    if (!sha) return fail(404);
    return {
      status: 200,
      body: {
        ref: `refs/${ref}`,
        node_id: nodeId('REF', Number.parseInt(sha.slice(0, 8), 16)),
        url: `${repoApi(ctx)}/git/refs/${encodePath(ref)}`,
        object: { type: 'commit', sha, url: `${repoApi(ctx)}/git/commits/${sha}` },
      },
    };
  },

  'GET /repos/{owner}/{repo}/contents/{path}': (req, ctx) => {
    const dir = ctx.state.git.dir;
    const ref = req.query['ref'] ?? ctx.state.defaultBranch;
    const commit = resolveCommit(dir, ref) ?? resolveCommit(dir, `refs/heads/${ref}`);
    const filePath = (req.params['path'] ?? '').replace(/^\/+|\/+$/g, '');
    if (!commit) return fail(404, `No commit found for the ref ${ref}`);
    const spec = `${commit}:${filePath}`;
    const type = objectType(dir, spec);
    if (type === 'tree') {
      const entries = listTree(dir, spec) ?? [];
      return { status: 200, body: entries.map((e) => contentItem(ctx, ref, filePath ? `${filePath}/${e.name}` : e.name, e)) };
    }
    if (type !== 'blob') return fail(404);
    const parent = filePath.includes('/') ? filePath.slice(0, filePath.lastIndexOf('/')) : '';
    const entry = listTree(dir, `${commit}:${parent}`)?.find((e) => e.name === filePath.slice(filePath.lastIndexOf('/') + 1));
    const bytes = readObject(dir, entry?.sha ?? '');
    if (!entry || !bytes) return fail(404);
    const inline = bytes.length <= INLINE_LIMIT;
    return { status: 200, body: { ...contentItem(ctx, ref, filePath, entry), content: inline ? wrappedBase64(bytes) : '', encoding: inline ? 'base64' : 'none' } };
  },

  'GET /repos/{owner}/{repo}/git/blobs/{file_sha}': (req, ctx) => {
    const sha = req.params['file_sha'] ?? '';
    if (!/^[0-9a-f]{40}$/.test(sha)) return fail(422, 'Invalid SHA');
    const bytes = objectType(ctx.state.git.dir, sha) === 'blob' ? readObject(ctx.state.git.dir, sha) : undefined;
    if (!bytes) return fail(404);
    return {
      status: 200,
      body: { sha, node_id: nodeId('B', Number.parseInt(sha.slice(0, 8), 16)), size: bytes.length, url: `${repoApi(ctx)}/git/blobs/${sha}`, content: wrappedBase64(bytes), encoding: 'base64' },
    };
  },
};
