-- Items and their owners, for the full-scan warnings of repository methods.
create table owners (id bigint primary key, name varchar not null);
create table items (id bigint primary key, code varchar not null, name varchar not null, price int not null, owner_id bigint);
create index items_code on items (code);
create index items_owner on items (owner_id);
