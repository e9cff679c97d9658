import { parseChat } from '@wadesk/chat-export';
import { generateChat } from './generate';

const chat = generateChat({ messages: 40_000, seed: 42 });
const text = process.argv[2] === 'ios' ? chat.ios : chat.android;
for (let r = 0; r < 30; r++) parseChat(text);
const t = performance.now();
for (let r = 0; r < 20; r++) parseChat(text);
console.log(process.argv[2], ((performance.now() - t) / 20).toFixed(1), 'ms');
