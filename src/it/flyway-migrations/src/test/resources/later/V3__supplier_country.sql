-- Added after the first release: the application picks it up at its next start.
alter table suppliers add column country varchar(2) default 'NL';
update suppliers set country = 'DE' where name = 'Line & Spool';
