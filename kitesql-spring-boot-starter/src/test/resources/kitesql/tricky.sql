/* statements split at ';' outside quotes and comments */
create table t (id int primary key, s varchar);
insert into t values (1, 'a;b'); -- a ';' inside a literal
insert into t values (2, 'it''s; quoted');
/* ; in a block comment */ insert into t values (3, 'x')
;
