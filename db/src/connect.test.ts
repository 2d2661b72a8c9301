import { describe, expect, it } from 'vitest';
import { splitHostParameter } from './connect';

describe('splitHostParameter', () => {
  it("takes libpq's ?host= out of the URL: a socket folder or a host name", () => {
    expect(splitHostParameter('postgres://psc:secret@localhost:5433/psc?host=/var/run/postgresql')).toEqual({
      url: 'postgres://psc:secret@localhost:5433/psc',
      host: '/var/run/postgresql',
    });
    expect(splitHostParameter('postgres://psc@localhost/psc?host=%2Ftmp%2Fpg&sslmode=disable')).toEqual({ url: 'postgres://psc@localhost/psc?sslmode=disable', host: '/tmp/pg' });
    expect(splitHostParameter('postgres://psc@localhost/psc?host=db.example.org')).toEqual({ url: 'postgres://psc@localhost/psc', host: 'db.example.org' });
  });

  it('leaves a URL without it as it is', () => {
    expect(splitHostParameter('postgres://psc@db.example.org:5432/psc')).toEqual({ url: 'postgres://psc@db.example.org:5432/psc' });
  });
});
