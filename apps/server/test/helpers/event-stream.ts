import { request as httpRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ServerEvent } from '@wadesk/contract';
import type { FastifyInstance } from 'fastify';

export interface EventStream {
  events: ServerEvent[];
  close(): void;
}

export interface OpenedStream extends EventStream {
  status: number;
  /** Every chunk received, comments included (a refusal's JSON body too). */
  raw: string[];
  /** True once the server has ended the response. */
  ended(): boolean;
}

/** GET /events/?<query> on a listening app; collects the parsed events until the stream ends. */
export async function openStream(server: FastifyInstance, query: string): Promise<OpenedStream> {
  const { port } = server.server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port, path: `/events/?${query}` },
      (res: IncomingMessage) => {
        let ended = false;
        const stream: OpenedStream = {
          status: res.statusCode ?? 0,
          events: [],
          raw: [],
          close: () => req.destroy(),
          ended: () => ended,
        };
        let buffer = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          stream.raw.push(chunk);
          buffer += chunk;
          for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
            const data = buffer
              .slice(0, end)
              .split('\n')
              .find((line) => line.startsWith('data: '));
            if (data) stream.events.push(JSON.parse(data.slice(6)));
            buffer = buffer.slice(end + 2);
          }
        });
        res.on('end', () => {
          ended = true;
        });
        resolve(stream);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** Opens GET /events/ on a listening app with an access token and collects the parsed events. */
export async function openEventStream(server: FastifyInstance, accessToken: string): Promise<EventStream> {
  return openStream(server, `access_token=${encodeURIComponent(accessToken)}`);
}
