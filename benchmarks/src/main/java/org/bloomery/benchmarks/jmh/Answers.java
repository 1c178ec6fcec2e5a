package org.bloomery.benchmarks.jmh;

import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * How the operations answered, reported by JMH next to the time per operation (FastFilter's
 * MembershipCounters idea), so that a benchmark cannot silently measure a filter that answers
 * wrongly: query-present must show no {@code answeredFalse}, query-absent's {@code answeredTrue}
 * share is the false-positive rate, add and remove must answer true for (nearly) every key.
 */
@State(Scope.Thread)
@AuxCounters(AuxCounters.Type.EVENTS)
public class Answers {
    /** Operations that returned true. */
    public long answeredTrue;
    /** Operations that returned false. */
    public long answeredFalse;

    /** Starts each iteration's counts at zero. */
    @Setup(Level.Iteration)
    public void reset() {
        answeredTrue = 0;
        answeredFalse = 0;
    }

    void count(boolean answer) {
        if (answer) {
            answeredTrue++;
        } else {
            answeredFalse++;
        }
    }

    void countBatch(long trueAnswers, long operations) {
        answeredTrue += trueAnswers;
        answeredFalse += operations - trueAnswers;
    }
}
