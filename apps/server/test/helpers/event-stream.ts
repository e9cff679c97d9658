import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ServerEvent } from '@wadesk/contract';
import type { FastifyInstance } from 'fastify';

export interface EventStream {
  events: ServerEvent[];
  close(): void;
}

/** Opens GET /events/ on a listening app with an access token and collects the parsed events. */
export async function openEventStream(server: FastifyInstance, accessToken: string): Promise<EventStream> {
  const { port } = server.server.address() as AddressInfo;
  const path = `/events/?access_token=${encodeURIComponent(accessToken)}`;
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path }, (res) => {
      const stream: EventStream = { events: [], close: () => req.destroy() };
      let buffer = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
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
      resolve(stream);
    });
    req.on('error', reject);
    req.end();
  });
}
