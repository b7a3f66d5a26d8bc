// The derived full name of SPEC §3, as the header and the attendee list show it.

/** "apellidos, nombre", or nombre alone when there are no apellidos (both trimmed). */
export function fullName(person: { nombre?: string | null; apellidos?: string | null }): string {
  const nombre = (person.nombre ?? '').trim();
  const apellidos = (person.apellidos ?? '').trim();
  if (apellidos === '') return nombre;
  if (nombre === '') return apellidos;
  return `${apellidos}, ${nombre}`;
}
