/**
 * A small S3-compatible server for the tests, on node:http: the subset the file store uses (PutObject, GetObject,
 * HeadObject, DeleteObject, ListObjectsV2, path-style), with real AWS Signature V4 checks — in the Authorization header
 * and in presigned query strings (expiry included) — and the body checked against its signed SHA-256. It fails like S3:
 * an unknown key id is 403 InvalidAccessKeyId, a wrong signature 403 SignatureDoesNotMatch, a missing object 404
 * NoSuchKey (HEAD: 404 without a body), an unknown bucket 404 NoSuchBucket; `failNext(n)` answers the next n requests
 * with 500 InternalError (a transient failure the client must retry). Objects live in memory.
 */
import { createHash, createHmac } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface LocalS3 {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Requests answered so far, by method (retries included). */
  requests: Array<{ method: string; path: string; status: number }>;
  failNext(n: number): void;
  objectKeys(): string[];
  close(): Promise<void>;
}

const sha256 = (data: string | Buffer) => createHash("sha256").update(data).digest("hex");
const hmac = (key: Buffer | string, data: string) => createHmac("sha256", key).update(data).digest();
/** RFC 3986 encoding, as SigV4 wants it. */
const enc = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const xml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

function canonicalQuery(params: URLSearchParams, without?: string): string {
  return [...params.entries()]
    .filter(([k]) => k !== without)
    .map(([k, v]) => [enc(k), enc(v)] as const)
    .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] < b[1] ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join("&");
}

export async function startLocalS3(options: { bucket?: string; region?: string; accessKeyId?: string; secretAccessKey?: string } = {}): Promise<LocalS3> {
  const bucket = options.bucket ?? "darsi-test";
  const region = options.region ?? "us-east-1";
  const accessKeyId = options.accessKeyId ?? "LOCALS3ACCESSKEY";
  const secretAccessKey = options.secretAccessKey ?? "local-s3-secret-key-0123456789";
  const objects = new Map<string, { body: Buffer; contentType: string; etag: string; modified: Date }>();
  const requests: LocalS3["requests"] = [];
  let failing = 0;

  const signingKey = (date: string) => hmac(hmac(hmac(hmac(`AWS4${secretAccessKey}`, date), region), "s3"), "aws4_request");

  /** null when the request is signed by the one known key; else the S3 error. */
  function authError(req: IncomingMessage, url: URL, body: Buffer): { status: number; code: string } | null {
    const path = url.pathname; // as sent: the SDK encodes each segment once, S3 signs it as is
    const presigned = url.searchParams.get("X-Amz-Algorithm");
    let credential: string, signedHeaders: string, signature: string, amzDate: string, payloadHash: string, query: string;
    if (presigned) {
      if (presigned !== "AWS4-HMAC-SHA256") return { status: 400, code: "AuthorizationQueryParametersError" };
      credential = url.searchParams.get("X-Amz-Credential") ?? "";
      signedHeaders = url.searchParams.get("X-Amz-SignedHeaders") ?? "";
      signature = url.searchParams.get("X-Amz-Signature") ?? "";
      amzDate = url.searchParams.get("X-Amz-Date") ?? "";
      const expires = Number(url.searchParams.get("X-Amz-Expires"));
      const signedAt = Date.parse(amzDate.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, "$1-$2-$3T$4:$5:$6Z"));
      if (!Number.isFinite(signedAt) || !Number.isInteger(expires) || Date.now() > signedAt + expires * 1000) return { status: 403, code: "AccessDenied" };
      payloadHash = "UNSIGNED-PAYLOAD";
      query = canonicalQuery(url.searchParams, "X-Amz-Signature");
    } else {
      const m = /^AWS4-HMAC-SHA256 Credential=([^,]+), ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/.exec(req.headers.authorization ?? "");
      if (!m) return { status: 403, code: "AccessDenied" };
      [, credential, signedHeaders, signature] = m as unknown as [string, string, string, string];
      amzDate = String(req.headers["x-amz-date"] ?? "");
      payloadHash = String(req.headers["x-amz-content-sha256"] ?? "");
      if (!payloadHash) return { status: 400, code: "InvalidRequest" };
      if (payloadHash !== "UNSIGNED-PAYLOAD" && payloadHash !== sha256(body)) return { status: 400, code: "XAmzContentSHA256Mismatch" };
      query = canonicalQuery(url.searchParams);
    }
    const [keyId, date, credRegion, service, terminator] = credential.split("/");
    if (keyId !== accessKeyId) return { status: 403, code: "InvalidAccessKeyId" };
    if (credRegion !== region || service !== "s3" || terminator !== "aws4_request" || !date || !amzDate.startsWith(date)) return { status: 403, code: "SignatureDoesNotMatch" };
    const names = signedHeaders.split(";");
    if (!names.includes("host")) return { status: 403, code: "SignatureDoesNotMatch" };
    const headers = names.map((n) => `${n}:${String(req.headers[n] ?? "").trim().replace(/\s+/g, " ")}\n`).join("");
    const canonical = [req.method, path, query, headers, signedHeaders, payloadHash].join("\n");
    const toSign = ["AWS4-HMAC-SHA256", amzDate, `${date}/${region}/s3/aws4_request`, sha256(canonical)].join("\n");
    const expected = createHmac("sha256", signingKey(date)).update(toSign).digest("hex");
    return expected === signature ? null : { status: 403, code: "SignatureDoesNotMatch" };
  }

  function fail(res: ServerResponse, method: string, status: number, code: string) {
    if (method === "HEAD") return res.writeHead(status).end();
    res.writeHead(status, { "content-type": "application/xml" }).end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${code}</Message><RequestId>local</RequestId></Error>`);
  }

  const server = createServer((req, res) => {
    const pieces: Buffer[] = [];
    req.on("data", (d: Buffer) => pieces.push(d));
    req.on("end", () => {
      const body = Buffer.concat(pieces);
      const method = req.method ?? "GET";
      const url = new URL(req.url ?? "/", "http://local");
      const answer = (status: number) => requests.push({ method, path: url.pathname, status });
      if (failing > 0) {
        failing -= 1;
        answer(500);
        return fail(res, method, 500, "InternalError");
      }
      const auth = authError(req, url, body);
      if (auth) {
        answer(auth.status);
        return fail(res, method, auth.status, auth.code);
      }
      if (req.headers["content-encoding"]?.includes("aws-chunked")) {
        answer(501);
        return fail(res, method, 501, "NotImplemented");
      }
      const [, bucketName = "", ...rest] = url.pathname.split("/");
      if (bucketName !== bucket) {
        answer(404);
        return fail(res, method, 404, "NoSuchBucket");
      }
      const key = rest.map((s) => decodeURIComponent(s)).join("/");
      if (!key) {
        if (method !== "GET" || url.searchParams.get("list-type") !== "2") {
          answer(501);
          return fail(res, method, 501, "NotImplemented");
        }
        const prefix = url.searchParams.get("prefix") ?? "";
        const max = Math.min(Number(url.searchParams.get("max-keys") ?? 1000), 1000);
        const after = url.searchParams.get("continuation-token") ?? url.searchParams.get("start-after") ?? "";
        const urlEncoded = url.searchParams.get("encoding-type") === "url";
        const all = [...objects.keys()].filter((k) => k.startsWith(prefix) && k > after).sort();
        const page = all.slice(0, max);
        const truncated = all.length > page.length;
        const shown = (k: string) => xml(urlEncoded ? encodeURIComponent(k).replace(/%2F/g, "/") : k);
        const contents = page
          .map((k) => {
            const o = objects.get(k)!;
            return `<Contents><Key>${shown(k)}</Key><LastModified>${o.modified.toISOString()}</LastModified><ETag>"${o.etag}"</ETag><Size>${o.body.length}</Size><StorageClass>STANDARD</StorageClass></Contents>`;
          })
          .join("");
        answer(200);
        return res
          .writeHead(200, { "content-type": "application/xml" })
          .end(
            `<?xml version="1.0" encoding="UTF-8"?><ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Name>${bucket}</Name><Prefix>${shown(prefix)}</Prefix><KeyCount>${page.length}</KeyCount><MaxKeys>${max}</MaxKeys>${urlEncoded ? "<EncodingType>url</EncodingType>" : ""}<IsTruncated>${truncated}</IsTruncated>${truncated ? `<NextContinuationToken>${xml(page[page.length - 1]!)}</NextContinuationToken>` : ""}${contents}</ListBucketResult>`,
          );
      }
      const o = objects.get(key);
      switch (method) {
        case "PUT": {
          const etag = createHash("md5").update(body).digest("hex");
          objects.set(key, { body, contentType: String(req.headers["content-type"] ?? "application/octet-stream"), etag, modified: new Date() });
          answer(200);
          return res.writeHead(200, { etag: `"${etag}"` }).end();
        }
        case "GET":
        case "HEAD": {
          if (!o) {
            answer(404);
            return fail(res, method, 404, "NoSuchKey");
          }
          answer(200);
          res.writeHead(200, {
            "content-type": url.searchParams.get("response-content-type") ?? o.contentType,
            ...(url.searchParams.get("response-content-disposition") ? { "content-disposition": url.searchParams.get("response-content-disposition")! } : {}),
            "content-length": String(o.body.length),
            etag: `"${o.etag}"`,
            "last-modified": o.modified.toUTCString(),
          });
          return method === "HEAD" ? res.end() : res.end(o.body);
        }
        case "DELETE":
          objects.delete(key);
          answer(204);
          return res.writeHead(204).end();
        default:
          answer(405);
          return fail(res, method, 405, "MethodNotAllowed");
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    region,
    accessKeyId,
    secretAccessKey,
    requests,
    failNext: (n) => (failing = n),
    objectKeys: () => [...objects.keys()].sort(),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
