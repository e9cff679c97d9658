// The load of the server-stall bench, in a process of its own so its own work (building and sending
// 60 MB bodies) neither slows the server's event loop nor counts in its memory. Usage:
// `tsx server-stall-client.ts <base> <authorization> <upload|save> <file> <parallel>`; prints the statuses
// and the size of each answer's body (as decoded: fetch asks for gzip and inflates it).
import { readFile } from 'node:fs/promises';

const [base, authorization, kind, file, parallel] = process.argv.slice(2) as [
  string,
  string,
  string,
  string,
  string,
];
const bytes = await readFile(file);
const boundary = '----wadeskstall';
const request =
  kind === 'upload'
    ? {
        url: `${base}/v1/uploadfile/`,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization },
        body: Buffer.concat([
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="file_uploaded"; filename="chat.zip"\r\n\r\n`,
          ),
          bytes,
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]),
      }
    : {
        url: `${base}/v1/saveChatData/`,
        headers: { 'content-type': 'application/json', authorization },
        body: bytes,
      };
const answers = await Promise.all(
  Array.from({ length: Number(parallel) }, async () => {
    const response = await fetch(request.url, {
      method: 'POST',
      headers: request.headers,
      body: request.body,
    });
    const body = await response.arrayBuffer();
    return { status: response.status, bytes: body.byteLength };
  }),
);
console.log(JSON.stringify({ statuses: answers.map((a) => a.status), bytes: answers.map((a) => a.bytes) }));
