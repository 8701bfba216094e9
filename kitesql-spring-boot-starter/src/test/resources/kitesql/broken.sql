create table u (id int primary key);
insert into u values (1);
insert into nowhere values (1);
