// maven-invoker-plugin runs this first: build postgresql-portability only where a PostgreSQL server can
// be started (the binaries PrivatePostgres looks for), or when KITESQL_REQUIRE_POSTGRES asks for it
// (.ci/run sets it): then missing binaries fail the tests with PrivatePostgres' message.
def candidates = []
def configured = System.getenv('KITESQL_PG_BINDIR')
if (configured) {
    candidates << new File(configured)
}
try {
    def pgConfig = ['pg_config', '--bindir'].execute()
    def out = pgConfig.text.trim()
    if (pgConfig.waitFor() == 0 && out) {
        candidates << new File(out)
    }
} catch (IOException noPgConfigOnThePath) {
    // the other places are still tried
}
def debian = new File('/usr/lib/postgresql')
if (debian.isDirectory()) {
    debian.eachDir { candidates << new File(it, 'bin') }
}
if (candidates.any { new File(it, 'initdb').canExecute() } || System.getenv('KITESQL_REQUIRE_POSTGRES')) {
    return true
}
def reason = 'postgresql-portability SKIPPED: no PostgreSQL server binaries (initdb) in KITESQL_PG_BINDIR, ' +
        '`pg_config --bindir` or /usr/lib/postgresql/*/bin. Install them (Debian: apt-get install postgresql) ' +
        'to run it; .ci/run does, and requires it.'
println reason // to build.log
// and to the console: the invoker sends the script's System.out and System.err to build.log
new PrintStream(new FileOutputStream(FileDescriptor.err), true).println('[WARNING] ' + reason)
return false
