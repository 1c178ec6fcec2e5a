package org.bloomery.compare.workload;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

class ProgressTest {

    @Test
    void plainLinesWhenNotOnAConsole() {
        StringWriter text = new StringWriter();
        Progress progress = new Progress(new PrintWriter(text), false);
        progress.begin(4);
        progress.step("uniform · guava · string keys · fpp 0.01");
        progress.step("churn · cuckoo · long keys · fpp 0.001");
        progress.end();
        assertThat(text.toString()).doesNotContain("\r").isEqualTo(String.join(System.lineSeparator(),
                "[  0%] uniform · guava · string keys · fpp 0.01",
                "[ 25%] churn · cuckoo · long keys · fpp 0.001",
                "[100%] done", ""));
    }

    @Test
    void oneRewrittenLineOnAConsole() {
        StringWriter text = new StringWriter();
        Progress progress = new Progress(new PrintWriter(text), true);
        progress.begin(2);
        progress.step("a long description");
        progress.step("short");
        progress.end();
        assertThat(text.toString()).doesNotContain("\n")
                .startsWith("\r[  0%] a long description\r[ 50%] short       ")
                .endsWith("\r");
    }
}
