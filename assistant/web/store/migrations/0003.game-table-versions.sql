-- depends: 0002.game-table-authors
-- Every change of a table's version notifies the servers, in the change's own transaction (so
-- a committed change is always told and a rolled-back one never): each server keeps the
-- versions in memory and answers polls with nothing new without the database (versions.py).
-- Payload: '<id> <view_id> <version>', version -1 when the table is removed (prune).
CREATE FUNCTION game_table_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'DELETE' THEN
        PERFORM pg_notify('game_table_versions', OLD.id || ' ' || OLD.view_id || ' -1');
        RETURN OLD;
    END IF;
    PERFORM pg_notify('game_table_versions', NEW.id || ' ' || NEW.view_id || ' ' || NEW.version);
    RETURN NEW;
END
$$;
CREATE TRIGGER game_table_versions AFTER INSERT OR DELETE OR UPDATE OF version ON game_table
    FOR EACH ROW EXECUTE FUNCTION game_table_notify();
