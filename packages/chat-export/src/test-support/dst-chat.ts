// A small Android export around the spring-forward night of 2024 in Europe/Berlin (the test time
// zone): 31 March 02:00–03:00 does not exist there, the export still says 02:30 and so do we.
export const DST_CHAT = `30/03/2024, 23:50 - Messages and calls are end-to-end encrypted. No one outside of this chat, not even WhatsApp, can read or listen to them. Tap to learn more.
30/03/2024, 23:55 - Alice: Hello Bob! See https://www.Example.com/path.
31/03/2024, 00:10 - Bob: Hi Alice 👍🏽 👍🏽
31/03/2024, 02:30 - Alice: The café is open 🇩🇪
31/03/2024, 02:40 - Alice: <Media omitted>
31/03/2024, 03:05 - Bob: IMG-20240331-WA0001.jpg (file attached)
Nice café photo
31/03/2024, 09:00 - Alice added Carol
31/03/2024, 09:15 - Carol: This message was deleted
01/04/2024, 10:00 - Bob: Family 👨‍👩‍👧 time <This message was edited>
01/04/2024, 10:20 - Alice: Don't forget www.example.com and http://maps.google.com/x
03/04/2024, 08:00 - Bob left
`;
