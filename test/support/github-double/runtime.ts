/**
 * The Actions runtime side of artifacts, as @actions/artifact v2+ speaks it: twirp JSON calls
 * to the results service's ArtifactService, and Azure block-blob uploads (stage blocks,
 * commit the block list) to the signed URL CreateArtifact hands out. Finalizing unzips the
 * committed blob into `state.uploaded` and lists it under the current run for the REST API.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { DoubleState, StoredArtifact } from './state.ts';
import { timestamp } from './state.ts';
import { artifactZip } from './payload-actions.ts';
import { readZip } from './zip.ts';

const SERVICE = '/twirp/github.actions.results.api.v1.ArtifactService/';

export interface RuntimeReply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface RuntimeRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string | string[] | undefined>;
  raw: Buffer;
}

interface PendingUpload {
  name: string;
  runId: number;
  /** The expires_at the uploader asked for (its retention-days), if it did. */
  expiresAt?: string;
  blocks: Map<string, Buffer>;
  blob?: Buffer;
}

/** A JWT shaped like the runner's ACTIONS_RUNTIME_TOKEN (unsigned in substance: nothing verifies it). */
export function runtimeJwt(runBackendId: string, jobBackendId: string): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  const claims = {
    scp: `Actions.ExampleScope Actions.Results:${runBackendId}:${jobBackendId}`,
    iss: 'vstoken.actions.githubusercontent.com',
    nbf: now - 60,
    iat: now - 60,
    exp: now + 6 * 3600,
  };
  return `${part({ typ: 'JWT', alg: 'RS256' })}.${part(claims)}.${randomBytes(32).toString('base64url')}`;
}

/** The route name a runtime request is recorded (and fault-injected) under. */
export function runtimeRoute(method: string, path: string): string {
  if (path.startsWith(SERVICE)) return `runtime:${path.slice(SERVICE.length)}`;
  if (path.startsWith('/_blob/upload/')) return `runtime:blob ${method}`;
  if (path.startsWith('/_blob/download/')) return 'runtime:blob download';
  return 'runtime:unknown';
}

export class ArtifactRuntime {
  readonly runBackendId = randomUUID();
  readonly jobBackendId = randomUUID();
  readonly token = runtimeJwt(this.runBackendId, this.jobBackendId);
  private readonly pending = new Map<string, PendingUpload>();
  private readonly state: DoubleState;
  private readonly origin: () => string;
  private readonly violations: string[];

  constructor(state: DoubleState, origin: () => string, violations: string[]) {
    this.state = state;
    this.origin = origin;
    this.violations = violations;
  }

  downloadUrl(artifact: StoredArtifact): string {
    return `${this.origin()}/_blob/download/${artifact.id}/${encodeURIComponent(artifact.name)}.zip?sig=${randomBytes(8).toString('hex')}`;
  }

  handle(req: RuntimeRequest): RuntimeReply {
    const route = runtimeRoute(req.method, req.path);
    if (route === 'runtime:blob download') return this.download(req);
    if (route.startsWith('runtime:blob')) return this.blob(req);
    if (route === 'runtime:unknown' || req.method !== 'POST') {
      this.violations.push(`${req.method} ${req.path}: unknown runtime route`);
      return twirpError(404, 'bad_route', `no handler for path "${req.path}"`);
    }
    if (req.headers['authorization'] !== `Bearer ${this.token}`) {
      this.violations.push(`${route}: missing or wrong ACTIONS_RUNTIME_TOKEN bearer`);
      return twirpError(401, 'unauthenticated', 'invalid token');
    }
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(req.raw.toString('utf8')) as Record<string, unknown>;
    } catch {
      this.violations.push(`${route}: request body is not JSON`);
      return twirpError(400, 'malformed', 'the json request could not be decoded');
    }
    if (body['workflow_run_backend_id'] !== this.runBackendId || body['workflow_job_run_backend_id'] !== this.jobBackendId) {
      this.violations.push(`${route}: backend ids do not match the runtime token`);
      return twirpError(400, 'invalid_argument', 'backend ids do not match the token');
    }
    return this.rpc(route.slice('runtime:'.length), body);
  }

  private currentRunArtifacts(): StoredArtifact[] {
    return this.state.artifacts.filter((a) => a.runId === this.state.currentRunId);
  }

  private rpc(method: string, body: Record<string, unknown>): RuntimeReply {
    const name = typeof body['name'] === 'string' ? body['name'] : '';
    switch (method) {
      case 'CreateArtifact': {
        if (this.currentRunArtifacts().some((a) => a.name === name)) {
          return twirpError(409, 'already_exists', 'an artifact with this name already exists on the workflow run');
        }
        const id = randomUUID();
        const expiresAt = typeof body['expires_at'] === 'string' ? body['expires_at'] : undefined;
        this.pending.set(id, { name, runId: this.state.currentRunId, blocks: new Map(), ...(expiresAt ? { expiresAt } : {}) });
        const url = `${this.origin()}/_blob/upload/${id}/${encodeURIComponent(name)}.zip?sv=2025-01-05&sp=cw&sig=${randomBytes(8).toString('hex')}`;
        return json({ ok: true, signed_upload_url: url });
      }
      case 'FinalizeArtifact': {
        const entry = [...this.pending.entries()].find(([, p]) => p.name === name && p.runId === this.state.currentRunId);
        if (!entry?.[1].blob) return twirpError(404, 'not_found', `no uploaded blob for artifact "${name}"`);
        this.pending.delete(entry[0]);
        const artifact: StoredArtifact = {
          id: this.state.nextId(),
          name,
          runId: entry[1].runId,
          files: readZip(entry[1].blob),
          createdAt: timestamp(),
          expired: false,
          ...(entry[1].expiresAt ? { expiresAt: timestamp(new Date(entry[1].expiresAt)) } : {}),
          zip: entry[1].blob,
        };
        this.state.artifacts.push(artifact);
        this.state.uploaded.push(artifact);
        return json({ ok: true, artifact_id: String(artifact.id) });
      }
      case 'ListArtifacts': {
        const nameFilter = body['name_filter'];
        const idFilter = body['id_filter'];
        const artifacts = this.currentRunArtifacts()
          .filter((a) => (nameFilter === undefined || a.name === nameFilter) && (idFilter === undefined || String(a.id) === String(idFilter as string | number)))
          .map((a) => ({
            workflow_run_backend_id: this.runBackendId,
            workflow_job_run_backend_id: this.jobBackendId,
            database_id: String(a.id),
            name: a.name,
            size: String(artifactZip(a).length),
            created_at: a.createdAt,
            digest: `sha256:${createHash('sha256').update(artifactZip(a)).digest('hex')}`,
          }));
        return json({ artifacts });
      }
      case 'GetSignedArtifactURL': {
        const found = this.currentRunArtifacts().find((a) => a.name === name);
        return found ? json({ signed_url: this.downloadUrl(found) }) : twirpError(404, 'not_found', 'artifact not found');
      }
      case 'DeleteArtifact': {
        const found = this.currentRunArtifacts().find((a) => a.name === name);
        if (!found) return twirpError(404, 'not_found', 'artifact not found');
        this.state.artifacts.splice(this.state.artifacts.indexOf(found), 1);
        return json({ ok: true, artifact_id: String(found.id) });
      }
      default:
        this.violations.push(`runtime:${method}: not an ArtifactService method`);
        return twirpError(404, 'bad_route', `no handler for method "${method}"`);
    }
  }

  /** Azure block blob: PUT ?comp=block&blockid=…, PUT ?comp=blocklist (XML), or one whole-blob PUT. */
  private blob(req: RuntimeRequest): RuntimeReply {
    const id = req.path.split('/')[3] ?? '';
    const upload = this.pending.get(id);
    if (!upload || req.method !== 'PUT') {
      this.violations.push(`${req.method} ${req.path}: no such upload`);
      return { status: 404, body: azureError('BlobNotFound') };
    }
    const comp = req.query['comp'];
    if (comp === 'block') {
      upload.blocks.set(req.query['blockid'] ?? '', req.raw);
    } else if (comp === 'blocklist') {
      const ids = [...req.raw.toString('utf8').matchAll(/<(?:Latest|Uncommitted|Committed)>([^<]*)</g)].map((m) => m[1] ?? '');
      const missing = ids.find((blockId) => !upload.blocks.has(blockId));
      if (missing !== undefined) return { status: 400, body: azureError('InvalidBlockList') };
      upload.blob = Buffer.concat(ids.map((blockId) => upload.blocks.get(blockId) ?? Buffer.alloc(0)));
    } else {
      upload.blob = req.raw;
    }
    return {
      status: 201,
      headers: {
        etag: `"0x${randomBytes(8).toString('hex').toUpperCase()}"`,
        'last-modified': new Date().toUTCString(),
        'x-ms-request-id': randomUUID(),
        'x-ms-version': '2025-01-05',
        'x-ms-request-server-encrypted': 'true',
      },
    };
  }

  private download(req: RuntimeRequest): RuntimeReply {
    const id = Number(req.path.split('/')[3]);
    const found = this.state.artifacts.find((a) => a.id === id);
    if (!found || req.method !== 'GET') return { status: 404, body: azureError('BlobNotFound') };
    return {
      status: 200,
      body: artifactZip(found),
      headers: { 'content-type': 'application/zip', 'content-disposition': `attachment; filename="${found.name}.zip"` },
    };
  }
}

function json(body: unknown): RuntimeReply {
  return { status: 200, body, headers: { 'content-type': 'application/json' } };
}

function twirpError(status: number, code: string, msg: string): RuntimeReply {
  return { status, body: { code, msg }, headers: { 'content-type': 'application/json' } };
}

function azureError(code: string): string {
  return `<?xml version="1.0" encoding="utf-8"?><Error><Code>${code}</Code><Message>${code}</Message></Error>`;
}
