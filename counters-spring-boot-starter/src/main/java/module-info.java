/**
 * Spring Boot auto-configuration for counters: CPU time per Micrometer observation and the
 * process's CPU split, with no code ({@link dev.counters.spring.CountersAutoConfiguration}).
 */
module dev.counters.spring {
    requires transitive dev.counters.micrometer;
    requires java.management;
    requires spring.beans;
    requires spring.boot;
    requires spring.boot.autoconfigure;
    requires spring.context;
    requires spring.core;
    requires static reactor.core;

    exports dev.counters.spring;

    opens dev.counters.spring to spring.core, spring.beans, spring.context;
}
