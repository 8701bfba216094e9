-- The test application's schema; run once on a fresh database (kitesql.schema.mode=if-empty).
create table notes (id bigint primary key, author varchar not null, body varchar);
create index notes_author on notes (author);
