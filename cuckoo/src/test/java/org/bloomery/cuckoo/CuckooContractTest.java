package org.bloomery.cuckoo;

import org.bloomery.api.contract.MembershipFilterContract;

/** The contract kit on the cuckoo filter, fixed-size (the default, expansion 0). */
class CuckooContractTest extends MembershipFilterContract {
    @Override
    protected String kind() {
        return "cuckoo";
    }
}
