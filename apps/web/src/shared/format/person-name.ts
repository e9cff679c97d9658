/** "Asha Rao"; the first name alone without a last name; the address when there is no name at all. */
export const fullName = (person: { first_name: string; last_name: string; email: string }) =>
  `${person.first_name} ${person.last_name}`.trim() || person.email;
